/** The personal link's path, as the table shows it. */
export const personalPath = (slug: string) => `/appa/${slug}`;

/** The full personal link, as it is copied and sent to the person. */
export const personalUrl = (slug: string) => `${window.location.origin}${personalPath(slug)}`;
