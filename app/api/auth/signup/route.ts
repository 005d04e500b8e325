/** POST /api/auth/signup — anyone may create an account; the client then signs in with it. */
import { signUp, signUpBody } from "@/lib/auth/sign-up";
import { getPrisma } from "@/lib/db/client";
import { errorResponse } from "@/server/error-response";
import { readJson } from "@/server/with-workspace";

export async function POST(req: Request): Promise<Response> {
  try {
    const body = await readJson(req, signUpBody);
    const user = await signUp(await getPrisma(), body);
    return Response.json({ user }, { status: 201 });
  } catch (error) {
    return errorResponse(error);
  }
}
