/** Where the recurring pages are: apart from their texts, so that a page only linking to them loads none of those. */
export const RECURRING_PATH = "/recurring";
export const CALENDAR_PATH = "/recurring/calendar";
export const FORECAST_PATH = "/recurring/forecast";
export const scheduleEditPath = (scheduleId: string) => `${RECURRING_PATH}/${scheduleId}`;
/** The edit page's title: links to the page aim at it (`#edit-schedule-title`), so it takes focus. */
export const SCHEDULE_EDIT_TITLE_ID = "edit-schedule-title";
