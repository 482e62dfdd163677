// Shared by the filters and the post form: the form loads with its first opening, the filters with the screen.
export const CATEGORIES = ['Technologie', 'Umwelt', 'Wirtschaft', 'Wissenschaft', 'Gesundheit'];
export const nativeSelect =
  'min-h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
