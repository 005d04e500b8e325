import { redirect } from "next/navigation";
import { getSessionUser } from "@/server/session";

/** The front door: signed in → your workspaces, otherwise → sign in. */
export default async function Home() {
  redirect((await getSessionUser()) ? "/w" : "/signin");
}
