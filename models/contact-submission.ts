import mongoose, { Schema } from "mongoose";
import { CONTACT_SUBJECTS } from "../app/features/contact/contact";


const contactSubmissionSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    subject: { type: String, required: true, enum: CONTACT_SUBJECTS },
    message: { type: String, required: true },
    status: { type: String, default: "new", index: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", default: null },
  },
  { timestamps: { createdAt: "createdAt", updatedAt: false }, collection: "contactSubmissions" },
);

export const ContactSubmission =
  mongoose.models.ContactSubmission ?? mongoose.model("ContactSubmission", contactSubmissionSchema);
