import { Schema } from "mongoose";
import { defineModel } from "./define-model";

/** A message from the contact form; the form's schema checks the subject against its list. */
const contactSubmissionSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    subject: { type: String, required: true },
    message: { type: String, required: true },
    status: { type: String, default: "new", index: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: "contactSubmissions" },
);

export const ContactSubmission = defineModel("ContactSubmission", contactSubmissionSchema);
