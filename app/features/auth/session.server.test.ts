import { describe, expect, test } from "vitest";
import { Session, User } from "../../../models";
import { getOptionalUser, requireAnonymous, requireUserId } from "./auth.server";
import { getCategory, renameCategory } from "~/features/categories/categories.server";
import { runInRequestScope } from "~/utils/request-scope.server";
import { createSession, destroyUserSessions, resolveSession, SESSION_IDLE_TIMEOUT_MS } from "./session.server";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

async function newUser(email: string) {
  const user = await User.create({ email, authProvider: "email" });
  return String(user._id);
}

function requestWithCookie(cookie: string, url = "http://localhost:3000/dashboard") {
  return new Request(url, { headers: { Cookie: cookie.split(";")[0] } });
}

describe("idle session expiry (server side, injected clock)", () => {
  test("a session used within 30 minutes stays alive and slides forward", async () => {
    const userId = await newUser("slide@example.com");
    const start = new Date("2026-01-01T10:00:00Z");
    const { id } = await createSession(userId, new Request("http://localhost/"), () => start);

    const at29 = new Date(start.getTime() + 29 * 60 * 1000);
    expect(await resolveSession(id, () => at29)).toEqual({ userId });

    const at58 = new Date(at29.getTime() + 29 * 60 * 1000);
    expect(await resolveSession(id, () => at58)).toEqual({ userId });
  });

  test("a session idle for 30 minutes is ended and deleted", async () => {
    const userId = await newUser("idle@example.com");
    const start = new Date("2026-01-01T10:00:00Z");
    const { id } = await createSession(userId, new Request("http://localhost/"), () => start);

    const at30 = new Date(start.getTime() + SESSION_IDLE_TIMEOUT_MS);
    expect(await resolveSession(id, () => at30)).toBeNull();
    expect(await Session.countDocuments({ _id: id })).toBe(0);
  });

  test("signing out everywhere keeps only the current session", async () => {
    const userId = await newUser("everywhere@example.com");
    const phone = await createSession(userId, new Request("http://localhost/"));
    const laptop = await createSession(userId, new Request("http://localhost/"));
    await destroyUserSessions(userId, { except: laptop.id });
    expect(await Session.find({ userId }).distinct("_id")).toEqual([laptop.id]);
    expect(await resolveSession(phone.id)).toBeNull();
  });
});

describe("guards", () => {
  test("signed-out visitors are sent to /login with where they were going", async () => {
    const response = await requireUserId(new Request("http://localhost:3000/transactions?tab=new")).catch((error) => error);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Ftransactions%3Ftab%3Dnew");
  });

  test("an expired session cookie is cleared on the way to /login", async () => {
    const userId = await newUser("stale@example.com");
    const { id, cookie } = await createSession(userId, new Request("http://localhost/"));
    await Session.updateOne({ _id: id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await requireUserId(requestWithCookie(cookie)).catch((error) => error);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fdashboard");
    expect(response.headers.get("Set-Cookie")).toContain("ledgerly_session=;");
  });

  test("a live session passes and signed-in visitors are kept off /login", async () => {
    const userId = await newUser("live@example.com");
    const { cookie } = await createSession(userId, new Request("http://localhost/"));
    expect(await requireUserId(requestWithCookie(cookie))).toBe(userId);
    const response = await requireAnonymous(requestWithCookie(cookie, "http://localhost:3000/login")).catch((error) => error);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

describe("query sanitising", () => {
  test("operator objects in a filter are treated as values, not operators", async () => {
    await newUser("victim@example.com");
    const injected = { $ne: "nobody@example.com" } as unknown as string;
    await expect(User.findOne({ email: injected }).lean()).rejects.toThrow(/Cast to string failed/);
  });
});

describe("the session and the user, read once per page", () => {
  test("in a GET's request scope the loaders (each with a Request of its own) share one read; outside it each Request reads", async () => {
    const userId = await newUser("once@example.com");
    await User.updateOne({ _id: userId }, { $set: { displayName: "Before" } });
    const { cookie } = await createSession(userId, new Request("http://localhost/"));

    const inScope = await runInRequestScope(async () => {
      const first = await getOptionalUser(requestWithCookie(cookie));
      await User.updateOne({ _id: userId }, { $set: { displayName: "After" } });
      const second = await getOptionalUser(requestWithCookie(cookie, "http://localhost:3000/dashboard?_data=routes%2F_app"));
      return [first?.displayName, second?.displayName];
    });
    expect(inScope).toEqual(["Before", "Before"]);

    expect((await getOptionalUser(requestWithCookie(cookie)))?.displayName).toBe("After");
    // A session ended is seen by the next page at once.
    await destroyUserSessions(userId);
    expect(await runInRequestScope(() => getOptionalUser(requestWithCookie(cookie)))).toBeNull();
  });

  test("the categories a page reads come from the shell user's read", async () => {
    const userId = await newUser("categories-once@example.com");
    const { cookie } = await createSession(userId, new Request("http://localhost/"));
    await renameCategory(userId, "food", "Groceries");

    const inScope = await runInRequestScope(async () => {
      await getOptionalUser(requestWithCookie(cookie));
      await User.updateOne({ _id: userId }, { $set: { "categories.food.name": "Eating out" } });
      return (await getCategory(userId, "food"))?.name;
    });
    expect(inScope).toBe("Groceries");
    expect((await getCategory(userId, "food"))?.name).toBe("Eating out");
  });

  test("two cookies in one scope are two sessions", async () => {
    const [one, other] = [await newUser("one@example.com"), await newUser("other@example.com")];
    const [first, second] = [await createSession(one, new Request("http://localhost/")), await createSession(other, new Request("http://localhost/"))];
    const seen = await runInRequestScope(() => Promise.all([getOptionalUser(requestWithCookie(first.cookie)), getOptionalUser(requestWithCookie(second.cookie))]));
    expect(seen.map((user) => user?.email)).toEqual(["one@example.com", "other@example.com"]);
  });
});
