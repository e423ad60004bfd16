/** The web address of an uploaded image the platform names by its API path (`data.user.avatar`). */
export function mediaUrl(apiPath: string): string | undefined {
  const id = /[?&]id=([0-9a-f-]{36})$/.exec(apiPath)?.[1];
  return id ? `/media/${id}` : undefined;
}
