import { Schema } from "mongoose";
import { defineModel } from "./define-model";

/** A change of stored data's layout that has run to its end (`_id` its name), so a start skips it. */
const migrationSchema = new Schema({ _id: { type: String, required: true }, doneAt: { type: Date, required: true } }, { collection: "migrations" });

export const Migration = defineModel("Migration", migrationSchema);
