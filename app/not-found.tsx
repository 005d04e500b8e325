import type { Metadata } from "next";
import { StatusPage } from "@/components/ui/status-page";

export const metadata: Metadata = { title: "Not found" };

/** Every unknown page — a workspace, pull request or room that does not exist or is not yours looks the same (H3). */
export default function NotFound() {
  return (
    <StatusPage code="404" title="This page was not found">
      It may have been removed, the link may be wrong, or it belongs to a workspace you are not a member of.
    </StatusPage>
  );
}
