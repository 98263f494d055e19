import { describe, expect, test } from "vitest";
import { isStrongPassword, passwordMessages, signUpPasswordProblems } from "./password-rules";
import { SignUpSchema } from "./schema";

describe("sign-up password rules", () => {
  test("a password meeting every rule has no problems", () => {
    expect(signUpPasswordProblems("Str0ng!pass")).toEqual([]);
    expect(isStrongPassword("Str0ng!pass")).toBe(true);
  });

  test.each([
    ["Sh0rt!", passwordMessages.tooShort],
    ["nouppercase1!", passwordMessages.uppercase],
    ["NOLOWERCASE1!", passwordMessages.lowercase],
    ["NoNumbers!!", passwordMessages.number],
    ["NoSpecial123", passwordMessages.special],
  ])("%s breaks the rule '%s'", (password, message) => {
    expect(signUpPasswordProblems(password)).toContain(message);
    expect(isStrongPassword(password)).toBe(false);
  });

  test("messages are the spec's words", () => {
    expect(signUpPasswordProblems("")).toEqual([
      "Password must be at least 8 characters long",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one lowercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character",
    ]);
  });
});

describe("sign-up form schema", () => {
  const parse = (value: Record<string, string>) => SignUpSchema.safeParse(value);

  test("any empty field gives 'Please fill in all fields'", () => {
    const result = parse({ email: "a@b.co", password: "Str0ng!pass" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Please fill in all fields"]);
  });

  test("a mismatched confirmation gives 'Passwords do not match'", () => {
    const result = parse({ email: "a@b.co", password: "Str0ng!pass", confirmPassword: "Str0ng!pas" });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["confirmPassword"], message: "Passwords do not match" })]);
  });

  test("an invalid email gives the spec's message", () => {
    const result = parse({ email: "not-an-email", password: "Str0ng!pass", confirmPassword: "Str0ng!pass" });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["email"], message: "Please enter a valid email address." })]);
  });

  test("a valid form passes", () => {
    expect(parse({ email: "a@b.co", password: "Str0ng!pass", confirmPassword: "Str0ng!pass" }).success).toBe(true);
  });
});
