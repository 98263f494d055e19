import { describe, expect, test } from "vitest";
import { Tag } from "../../../models";
import { action, loader } from "~/routes/_app.transactions_.tags";
import { TAG_INTENTS, TAG_MESSAGES } from "./tags";
import { ensureTags } from "./tags.server";
import { createGoogleUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, outcome, payloadOf, postRequest, statusOf } from "../../../tests/setup/route-requests";

useTestDatabase();

async function userWithTags(...names: string[]) {
  const userId = await createGoogleUser();
  const ensured = await ensureTags(userId, names);
  if (!ensured.ok) throw new Error("not ensured");
  return { userId, cookie: await cookieFor(userId), ids: ensured.ids };
}

const post = (cookie: string, fields: Record<string, string>) => outcome(() => action({ request: postRequest("/transactions/tags", cookie, fields), params: {}, context: {} }));

describe("/transactions/tags", () => {
  test("lists the user's tags with their counts, and the one ?delete= names for its confirmation", async () => {
    const { cookie, ids } = await userWithTags("Trip", "Home");
    const page = payloadOf<Awaited<ReturnType<typeof loader>>>(await loader({ request: getRequest(`/transactions/tags?delete=${ids[0]}`, cookie), params: {}, context: {} }));
    expect(page.tags.map(({ name, count }) => [name, count])).toEqual([["Home", 0], ["Trip", 0]]);
    expect(page.deleting?.name).toBe("Trip");
  });

  test("a rename to nothing or to another tag's name is refused under the tag (400, nothing written); a merge into itself too", async () => {
    const { userId, cookie, ids } = await userWithTags("Trip", "Home");
    const empty = await post(cookie, { intent: TAG_INTENTS.rename, tagId: ids[0], name: "  " });
    expect(statusOf(empty)).toBe(400);
    expect(payloadOf(empty)).toEqual({ error: { tagId: ids[0], message: TAG_MESSAGES.nameRequired } });
    expect(payloadOf(await post(cookie, { intent: TAG_INTENTS.rename, tagId: ids[0], name: "home" }))).toEqual({ error: { tagId: ids[0], message: TAG_MESSAGES.taken } });
    expect(statusOf(await post(cookie, { intent: TAG_INTENTS.merge, tagId: ids[0], intoId: ids[0] }))).toBe(400);
    expect((await Tag.find({ userId }).lean()).map((tag) => tag.name).sort()).toEqual(["Home", "Trip"]);
  });

  test("another user's tag answers 404 to every form; an unknown form 400", async () => {
    const owner = await userWithTags("Theirs");
    const intruder = await userWithTags("Mine");
    expect(statusOf(await post(intruder.cookie, { intent: TAG_INTENTS.rename, tagId: owner.ids[0], name: "Stolen" }))).toBe(404);
    expect(statusOf(await post(intruder.cookie, { intent: TAG_INTENTS.merge, tagId: owner.ids[0], intoId: intruder.ids[0] }))).toBe(404);
    expect(statusOf(await post(intruder.cookie, { intent: TAG_INTENTS.delete, tagId: owner.ids[0] }))).toBe(404);
    expect(statusOf(await post(intruder.cookie, { intent: "nope" }))).toBe(400);
    expect(await Tag.countDocuments({ userId: owner.userId, name: "Theirs" })).toBe(1);
  });
});
