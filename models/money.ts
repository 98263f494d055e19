/**
 * The validator of every stored amount: money is whole cents (FerretDB has
 * no Decimal128, and sums of floats drift). `updateOne` writes are checked
 * too, because app/integrations/database.server.ts turns `runValidators` on.
 */
export const wholeCents = {
  validator: (value: unknown) => value === null || Number.isSafeInteger(value),
  message: "{PATH} must be a whole number of cents, got {VALUE}",
};
