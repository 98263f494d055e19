import bcrypt from "bcryptjs";
import { describe, expect, test } from "vitest";
import { Credential } from "../../../models";
import { action as loginAction } from "~/routes/login";
import { createUser, TEST_PASSWORD, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { postRequest, statusOf } from "../../../tests/setup/route-requests";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { verifyUserPassword } from "./user.server";

useTestDatabase();

const args = (request: Request) => ({ request, params: {}, context: { clientAddress: "192.0.2.31" } });

async function storedHash(userId: string) {
  return (await Credential.findOne({ userId }).select("+passwordHash").lean())!.passwordHash;
}

describe("password hashes", () => {
  test("are scrypt, self-describing (scheme, N, r, p, salt, hash) and salted", async () => {
    const first = await hashPassword(TEST_PASSWORD);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword(TEST_PASSWORD)).not.toBe(first);
    expect(await verifyPassword(TEST_PASSWORD, first)).toEqual({ valid: true, needsRehash: false });
    expect(await verifyPassword("Str0ng!Passw0rD", first)).toEqual({ valid: false, needsRehash: false });
  });

  test("a changed hash or a value that is no hash verifies nothing", async () => {
    const stored = await hashPassword(TEST_PASSWORD);
    const lastChar = stored.at(-2) === "A" ? "B" : "A";
    const tampered = `${stored.slice(0, -2)}${lastChar}${stored.at(-1)}`;
    expect((await verifyPassword(TEST_PASSWORD, tampered)).valid).toBe(false);
    for (const garbage of ["", "scrypt$", "scrypt$x$8$1$abc$def", "plain-text", TEST_PASSWORD]) {
      expect((await verifyPassword(TEST_PASSWORD, garbage)).valid).toBe(false);
    }
  });

  test("bcrypt hashes and scrypt hashes of a lower cost still verify, and ask for a new hash", async () => {
    expect(await verifyPassword(TEST_PASSWORD, await bcrypt.hash(TEST_PASSWORD, 4))).toEqual({ valid: true, needsRehash: true });
    expect((await verifyPassword("wrong", await bcrypt.hash(TEST_PASSWORD, 4))).valid).toBe(false);
    const cheaper = "scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA$" + "x".repeat(43);
    expect((await verifyPassword(TEST_PASSWORD, cheaper)).needsRehash).toBe(true);
  });

  test("sign-up stores a scrypt hash", async () => {
    const userId = await createUser();
    expect(await storedHash(userId)).toMatch(/^scrypt\$/);
  });
});

describe("passwords kept as bcrypt", () => {
  async function bcryptUser() {
    const email = uniqueEmail("bcrypt");
    const userId = await createUser({ email });
    await Credential.updateOne({ userId }, { $set: { passwordHash: await bcrypt.hash(TEST_PASSWORD, 4) } });
    return { email, userId };
  }

  test("sign in as before, and are hashed again with scrypt on that sign-in", async () => {
    const { email, userId } = await bcryptUser();
    const wrong = await loginAction(args(postRequest("/login", "", { email, password: "Wr0ng!Passw0rd" })));
    expect(statusOf(wrong)).toBe(400);
    expect(await storedHash(userId)).toMatch(/^\$2[ab]\$/);

    const signedIn = await loginAction(args(postRequest("/login", "", { email, password: TEST_PASSWORD })));
    expect(statusOf(signedIn)).toBe(302);
    expect(await storedHash(userId)).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(statusOf(await loginAction(args(postRequest("/login", "", { email, password: TEST_PASSWORD }))))).toBe(302);
  });

  test("are hashed again when the password is confirmed anywhere else (password change, account deletion)", async () => {
    const { userId } = await bcryptUser();
    expect(await verifyUserPassword(userId, TEST_PASSWORD)).toBe(true);
    expect(await storedHash(userId)).toMatch(/^scrypt\$/);
  });
});
