/**
 * Downloads a file under its original name. Stored files have server-made names, and a link's
 * `download` attribute is ignored across origins (the API is another origin), so the file is fetched
 * and saved from a local blob. Rejects with a reason a person can read (lower case, no full stop) when the file cannot be had.
 */
export async function downloadFile(url: string, name: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    throw new Error('no connection');
  }
  if (!response.ok) throw new Error(response.status === 404 ? 'it is no longer there' : `the server answered ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
