/**
 * The axios client, loaded on first use: pages on the sign-in path call this instead of importing
 * api-client so their first paint does not download axios.
 */
export async function loadApi() {
  const { apiClient, plainClient } = await import('./api-client');
  return { apiClient, plainClient };
}
