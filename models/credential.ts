import { Schema } from "mongoose";
import { defineModel } from "./define-model";

/** Password hashes live apart from the user document and are never selected unless asked for. */
const credentialSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, unique: true },
    passwordHash: { type: String, required: true, select: false },
  },
  { timestamps: true },
);

export const Credential = defineModel("Credential", credentialSchema);
