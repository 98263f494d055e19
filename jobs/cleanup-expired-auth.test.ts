import mongoose from "mongoose";
import { describe, expect, test } from "vitest";
import { PasswordResetToken, Session, User } from "../models";
import { cleanupExpiredAuth } from "./cleanup-expired-auth";
import { startJobs, stopJobs } from "./scheduler";
import { useTestDatabase } from "../tests/setup/database";

useTestDatabase();

describe("expired auth cleanup job", () => {
  test("removes expired sessions and spent or expired reset codes, keeps live ones", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const user = await User.create({ email: "cleanup@example.com", authProvider: "email" });
    const minutes = (offset: number) => new Date(now.getTime() + offset * 60_000);
    await Session.create([
      { _id: "expired", userId: user._id, lastActiveAt: minutes(-40), expiresAt: minutes(-10) },
      { _id: "live", userId: user._id, lastActiveAt: minutes(-5), expiresAt: minutes(25) },
    ]);
    await PasswordResetToken.create([
      { tokenHash: "expired", userId: user._id, email: user.email, expiresAt: minutes(-1) },
      { tokenHash: "used", userId: user._id, email: user.email, expiresAt: minutes(50), usedAt: minutes(-2) },
      { tokenHash: "open", userId: user._id, email: user.email, expiresAt: minutes(50) },
    ]);

    expect(await cleanupExpiredAuth(now)).toMatchObject({ sessions: 1, tokens: 2 });
    expect(await Session.find().distinct("_id")).toEqual(["live"]);
    expect(await PasswordResetToken.find().distinct("tokenHash")).toEqual(["open"]);
  });
});

describe("job scheduler", () => {
  test("registers the cleanup jobs to recur every 15 minutes", async () => {
    await startJobs();
    const jobs = await mongoose.connection.db!.collection("agendaJobs").find({ name: { $in: ["cleanup-expired-auth", "cleanup-imports"] } }).sort({ name: 1 }).toArray();
    await stopJobs();
    expect(jobs).toMatchObject([
      { name: "cleanup-expired-auth", repeatInterval: "15 minutes", type: "single" },
      { name: "cleanup-imports", repeatInterval: "15 minutes", type: "single" },
    ]);
  });
});
