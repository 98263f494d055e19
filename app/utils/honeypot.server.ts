/** True when the hidden `website` field was filled in, which only bots do. */
export function isHoneypotFilled(formData: FormData) {
  const value = formData.get("website");
  return typeof value === "string" && value.length > 0;
}
