import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import type { action } from "~/routes/resources.categories";
import { CATEGORY_ACTION, CATEGORY_INTENTS, type CategoryType } from "~/features/categories/categories";
import type { CategoryRow, CategoryView } from "../category-figures";
import { CategoryCard } from "./category-card";
import type { FormErrors } from "~/utils/form-errors";
import { useHydrated } from "~/utils/use-hydrated";

type CategoryListProps = {
  type: CategoryType;
  /** The categories of `type` in display order (as `getCategories` sorts them). */
  items: CategoryRow[];
  /** The section's tab, whose figure each card shows as its headline. */
  view: CategoryView;
  currency: string;
  monthKey: string;
  redirectTo: string;
  /** Accessible name of the list, e.g. "Expense categories". */
  label: string;
  emptyMessage?: string;
  /** A category form refused while JavaScript was off, from the page's loader: the card it belongs to shows it. */
  refused?: FormErrors | null;
};

function moveBefore(ids: string[], moving: string, target: string) {
  const without = ids.filter((id) => id !== moving);
  const targetIndex = without.indexOf(target);
  const movingDown = ids.indexOf(moving) < ids.indexOf(target);
  without.splice(movingDown ? targetIndex + 1 : targetIndex, 0, moving);
  return without;
}

/**
 * Category cards of one type. Each card has up/down buttons; with JavaScript
 * cards can also be dragged, and the new order is saved when dropped (shown
 * at once, kept unless the server refuses it). Debt categories stay last.
 */
export function CategoryList({ type, items, view, currency, monthKey, redirectTo, label, emptyMessage = "No categories yet.", refused = null }: CategoryListProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  const [draftOrder, setDraftOrder] = useState<string[] | null>(null);
  const dragging = useRef<string | null>(null);
  const dropped = useRef(false);
  // The card last dragged over: moving again only when the pointer reaches another card keeps the order from flickering.
  const lastOver = useRef<string | null>(null);

  const serverOrder = items.map((item) => item.category.id).join("\n");
  useEffect(() => setDraftOrder(null), [serverOrder]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setDraftOrder(null);
  }, [fetcher.state, fetcher.data]);

  if (items.length === 0) return <p className="text-sm text-slate-500">{emptyMessage}</p>;

  const byId = new Map(items.map((item) => [item.category.id, item]));
  const reorderable = items.filter((item) => !item.category.isDebt).map((item) => item.category.id);
  const shownOrder = draftOrder ?? reorderable;
  const ordered = [...shownOrder.map((id) => byId.get(id)!), ...items.filter((item) => item.category.isDebt)];

  const onDragStart = (event: DragEvent, id: string) => {
    dragging.current = id;
    dropped.current = false;
    lastOver.current = id;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", id);
  };
  const onDragOver = (event: DragEvent, id: string) => {
    const moving = dragging.current;
    if (!moving || byId.get(id)?.category.isDebt) return;
    event.preventDefault();
    if (lastOver.current === id) return;
    lastOver.current = id;
    if (moving !== id) setDraftOrder(moveBefore(shownOrder, moving, id));
  };
  const onDrop = (event: DragEvent) => {
    if (!dragging.current) return;
    event.preventDefault();
    dropped.current = true;
    dragging.current = null;
    if (shownOrder.join("\n") === reorderable.join("\n")) return;
    const formData = new FormData();
    formData.set("intent", CATEGORY_INTENTS.reorder);
    formData.set("type", type);
    for (const id of shownOrder) formData.append("ids", id);
    formData.set("redirectTo", redirectTo);
    formData.set("js", "1");
    fetcher.submit(formData, { method: "post", action: CATEGORY_ACTION, preventScrollReset: true });
  };
  const onDragEnd = () => {
    dragging.current = null;
    if (!dropped.current) setDraftOrder(null);
  };

  // The reorder has no fields to show a message beside: every message of its refusal shows here.
  const reorderRefusal = fetcher.data ? [...fetcher.data.formErrors, ...Object.values(fetcher.data.fieldErrors).flat()] : [];
  return (
    <>
      {reorderRefusal.length > 0 ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {reorderRefusal.join(" ")}
        </p>
      ) : null}
      <ul aria-label={label} className="space-y-3">
        {ordered.map((item) => {
          const { id, isDebt } = item.category;
          const position = shownOrder.indexOf(id);
          const draggable = hydrated && !isDebt;
          return (
            <li
              key={id}
              draggable={draggable}
              onDragStart={draggable ? (event) => onDragStart(event, id) : undefined}
              onDragOver={hydrated ? (event) => onDragOver(event, id) : undefined}
              onDrop={hydrated ? onDrop : undefined}
              onDragEnd={hydrated ? onDragEnd : undefined}
              className={draggable ? "cursor-grab active:cursor-grabbing" : undefined}
            >
              <CategoryCard
                item={item}
                view={view}
                currency={currency}
                monthKey={monthKey}
                redirectTo={redirectTo}
                canMoveUp={!isDebt && position > 0}
                canMoveDown={!isDebt && position < shownOrder.length - 1}
                refused={refused}
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
