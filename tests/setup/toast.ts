import { getToast } from "~/utils/flash.server";

/** The notification a redirect sets, read back the way the next page reads it. */
export async function toastOf(response: Response) {
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  return (await getToast(new Request("http://localhost:3000/", { headers: { Cookie: cookies.join("; ") } }))).toast;
}
