function Block({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-2xl bg-slate-200/70 ${className}`} />;
}

/** Stands in for the cards and sections while another month loads. */
export function DashboardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="dashboard-skeleton" className="space-y-6">
      <div className="grid grid-cols-3 gap-2 lg:gap-6">
        <Block className="h-20 lg:h-28" />
        <Block className="h-20 lg:h-28" />
        <Block className="h-20 lg:h-28" />
      </div>
      <Block className="h-44" />
      <Block className="h-64" />
      <Block className="h-64" />
    </div>
  );
}
