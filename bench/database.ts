import mongoose from "mongoose";
import { allModels } from "../models";

/** Connects to `uri` and builds every model's indexes, as the app does when it connects: without them every read scans its collection. */
export async function connectWithIndexes(uri: string, maxPoolSize = 1) {
  await mongoose.connect(uri, { maxPoolSize });
  for (const model of allModels) await model.createIndexes();
}
