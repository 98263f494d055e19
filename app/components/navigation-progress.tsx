import { useNavigation } from "@remix-run/react";

/** A thin bar across the top while the next page loads (client-side navigations only). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div role="progressbar" aria-label="Loading" className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 animate-[navigation-progress_1s_ease-in-out_infinite] bg-brand-600" />
    </div>
  );
}
