import mongoose, { Schema } from "mongoose";

/** Password hashes live apart from the user document and are never selected unless asked for. */
const credentialSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, unique: true },
    passwordHash: { type: String, required: true, select: false },
  },
  { timestamps: true },
);

export const Credential = mongoose.models.Credential ?? mongoose.model("Credential", credentialSchema);
