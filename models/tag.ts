import { Schema } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";

/**
 * One of a user's tags ("Trip to Lisbon", "Kitchen"): transactions hold tag ids in `tagIds`, so a rename
 * changes this document alone. `key` is the name as names compare (lower case, accents and extra spaces
 * gone): a user has one tag per key.
 */
const tagSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    name: { type: String, required: true },
    key: { type: String, required: true },
  },
  { timestamps: true },
);
tagSchema.index({ userId: 1, key: 1 }, { unique: true });

export type TagRecord = LeanOf<typeof tagSchema>;

export const Tag = defineModel("Tag", tagSchema);
