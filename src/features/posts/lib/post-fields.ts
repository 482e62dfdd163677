// Shared by the filters and the post form: the form loads with its first opening, the filters with the screen.
export const CATEGORIES = ['Technologie', 'Umwelt', 'Wirtschaft', 'Wissenschaft', 'Gesundheit'];
