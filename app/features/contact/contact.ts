export const CONTACT_SUBJECTS = [
  "General Inquiry",
  "Technical Support",
  "Billing Question",
  "Feature Request",
  "Bug Report",
  "Partnership Opportunity",
  "Other",
] as const;

/** The contact form states no limits; these caps only protect storage (see docs/decisions/020). */
export const CONTACT_LIMITS = { name: 200, email: 254, message: 10_000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name",
  nameTooLong: `Please keep your name to ${CONTACT_LIMITS.name} characters or fewer`,
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address.",
  subjectRequired: "Please select a subject",
  messageRequired: "Please enter a message",
  messageTooLong: `Please keep your message to ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters or fewer`,
  failed: "There was an error submitting your message. Please try again later.",
  tooMany: "You have sent too many messages. Please try again later.",
} as const;
