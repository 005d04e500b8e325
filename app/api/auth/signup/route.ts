/**
 * POST /api/auth/signup — anyone may create an account. H5: the answer is the
 * same whether or not the address already had one. JSON from the page's
 * script (202); a native form post from the page before it hydrated gets a
 * redirect to sign in (303), or back to the form with the reason.
 */
import { safeNext } from "@/lib/auth/safe-next";
import { SIGN_UP_ANSWER, signUp, signUpBody } from "@/lib/auth/sign-up";
import { getPrisma } from "@/lib/db/client";
import { errorResponse } from "@/server/error-response";
import { BODY_LIMITS, readFormBody, readJsonBody } from "@/server/read-body";
import { assertJsonBody, assertSameOrigin, mediaType } from "@/server/request-guard";

const FORM = "application/x-www-form-urlencoded";

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}

export async function POST(req: Request): Promise<Response> {
  const isForm = mediaType(req) === FORM;
  let next = "/w";
  try {
    // A form post must come from our own page; a JSON call may also come from a program (see request-guard).
    assertSameOrigin(req, { browserOnly: isForm });
    if (!isForm) assertJsonBody(req);
    const raw = isForm ? await readFormBody(req, BODY_LIMITS.auth) : null;
    next = safeNext(raw?.next);
    const body = raw ? signUpBody.parse(raw) : await readJsonBody(req, signUpBody, BODY_LIMITS.auth);
    await signUp(await getPrisma(), body);
    if (isForm) return seeOther(`/signin?${new URLSearchParams({ next, notice: "signed-up" })}`);
    return Response.json(SIGN_UP_ANSWER, { status: 202 });
  } catch (error) {
    const answer = errorResponse(error);
    if (!isForm || answer.status !== 400) return answer;
    const { detail } = (await answer.json()) as { detail: string };
    return seeOther(`/signup?${new URLSearchParams({ next, error: detail })}`);
  }
}
