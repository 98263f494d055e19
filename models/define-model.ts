import mongoose, { type ObtainSchemaGeneric, type Schema } from "mongoose";

/** A document of `TSchema` as `.lean()` reads it: `_id` and `__v` included, maps as plain objects. */
export type LeanOf<TSchema extends Schema> = ObtainSchemaGeneric<TSchema, "TLeanResultType">;

/**
 * Compiles the model of `schema`, typed from it. A development rebuild runs
 * the model files again while mongoose keeps its registry, so a model of the
 * same name is replaced rather than compiled twice (which mongoose refuses).
 */
export function defineModel<TSchema extends Schema>(name: string, schema: TSchema) {
  if (mongoose.modelNames().includes(name)) mongoose.deleteModel(name);
  return mongoose.model(name, schema);
}
