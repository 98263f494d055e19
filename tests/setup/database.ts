import mongoose from "mongoose";
import { afterAll, beforeAll } from "vitest";
import { connectDatabase, disconnectDatabase } from "~/integrations/database.server";

/** Connects the test file to its own database and drops it afterwards. */
export function useTestDatabase() {
  beforeAll(async () => {
    await connectDatabase();
  });
  afterAll(async () => {
    await mongoose.connection.dropDatabase();
    await disconnectDatabase();
  });
}
