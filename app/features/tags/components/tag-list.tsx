import { Form, Link } from "@remix-run/react";
import { SMALL_BUTTON_CLASS } from "~/components/ui/buttons";
import { ConfirmDialog, confirmHref } from "~/components/ui/confirm-dialog";
import { TAG_INTENTS, TAG_NAME_MAX_LENGTH, TAGS_PATH, type TagItem } from "../tags";

export type ListedTag = TagItem & { count: number };

const FIELD_CLASS = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900";

/** "12 transactions", linking to them. */
function Usage({ tag, transactionsHref }: { tag: ListedTag; transactionsHref: (tagId: string) => string }) {
  const words = tag.count === 1 ? "1 transaction" : `${tag.count.toLocaleString("en-US")} transactions`;
  return tag.count > 0 ? (
    <Link to={transactionsHref(tag.id)} className="text-sm font-semibold text-brand-700 hover:underline">
      {words}
    </Link>
  ) : (
    <span className="text-sm text-slate-500">No transactions</span>
  );
}

/**
 * The user's tags, each with how many transactions carry it, a rename form, a merge form (into another tag)
 * and Delete, whose confirmation comes through the address (`?delete=<id>`): every one a plain post.
 */
export function TagList({
  tags,
  deleting,
  errors,
  transactionsHref,
}: {
  tags: ListedTag[];
  deleting: ListedTag | null;
  /** A refused form's message, under the tag it was about. */
  errors: { tagId: string; message: string } | null;
  transactionsHref: (tagId: string) => string;
}) {
  if (tags.length === 0) {
    return <p className="text-sm text-slate-600">No tags yet. Add tags to a transaction in its form, to several at once on the transactions page, or with a rule.</p>;
  }
  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label="Your tags">
        {tags.map((tag) => {
          const others = tags.filter((other) => other.id !== tag.id);
          const error = errors?.tagId === tag.id ? errors.message : null;
          return (
            <li key={tag.id} aria-label={tag.name} className="space-y-2 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-violet-800">#{tag.name}</p>
                <Usage tag={tag} transactionsHref={transactionsHref} />
              </div>
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" action={TAGS_PATH} preventScrollReset className="flex items-end gap-2">
                  <input type="hidden" name="intent" value={TAG_INTENTS.rename} />
                  <input type="hidden" name="tagId" value={tag.id} />
                  <label className="text-sm font-medium text-slate-700">
                    Name
                    <input
                      type="text"
                      name="name"
                      required
                      maxLength={TAG_NAME_MAX_LENGTH}
                      defaultValue={tag.name}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `tag-error-${tag.id}` : undefined}
                      className={`mt-1 block w-48 ${FIELD_CLASS}`}
                    />
                  </label>
                  <button type="submit" aria-label={`Rename ${tag.name}`} className={SMALL_BUTTON_CLASS}>
                    Rename
                  </button>
                </Form>
                {others.length > 0 ? (
                  <Form method="post" action={TAGS_PATH} preventScrollReset className="flex items-end gap-2">
                    <input type="hidden" name="intent" value={TAG_INTENTS.merge} />
                    <input type="hidden" name="tagId" value={tag.id} />
                    <label className="text-sm font-medium text-slate-700">
                      Merge into
                      <select name="intoId" required defaultValue="" className={`mt-1 block ${FIELD_CLASS}`}>
                        <option value="" disabled>
                          Choose a tag
                        </option>
                        {others.map((other) => (
                          <option key={other.id} value={other.id}>
                            {other.name}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="submit" aria-label={`Merge ${tag.name}`} className={SMALL_BUTTON_CLASS}>
                      Merge
                    </button>
                  </Form>
                ) : null}
                <Link to={confirmHref(`?delete=${tag.id}`)} aria-label={`Delete ${tag.name}`} preventScrollReset className={SMALL_BUTTON_CLASS}>
                  Delete
                </Link>
              </div>
              {error ? (
                <p id={`tag-error-${tag.id}`} role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {deleting ? (
        <ConfirmDialog
          title="Delete Tag"
          message={`Delete the tag “${deleting.name}”? It comes off ${deleting.count === 1 ? "the 1 transaction" : `the ${deleting.count.toLocaleString("en-US")} transactions`} that carr${deleting.count === 1 ? "ies" : "y"} it; the transactions stay.`}
          action={TAGS_PATH}
          fields={{ intent: TAG_INTENTS.delete, tagId: deleting.id }}
          cancelTo={TAGS_PATH}
        />
      ) : null}
    </>
  );
}
