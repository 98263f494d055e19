import { databaseIsReachable, OUTAGE } from "~/integrations/database.server";

/** For load balancers and supervisors: 200 only while the database answers a ping. */
export async function loader() {
  const reachable = await databaseIsReachable({ ping: true });
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!reachable) headers["Retry-After"] = String(OUTAGE.retryAfterSeconds);
  return Response.json({ status: reachable ? "ok" : "unavailable" }, { status: reachable ? 200 : 503, headers });
}
