/** The user's tags' names by id: apart from ./tags, so that a list showing tags loads none of its forms' texts. */
export function tagNameMap(tags: ReadonlyArray<{ id: string; name: string }>) {
  return new Map(tags.map((tag) => [tag.id, tag.name]));
}
