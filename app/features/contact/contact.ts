export const CONTACT_SUBJECTS = [
  "General Inquiry",
  "Technical Support",
  "Billing Question",
  "Feature Request",
  "Bug Report",
  "Partnership Opportunity",
  "Other",
] as const;
