/**
 * Downloads a file under its original name. Stored files have server-made names, and a link's
 * `download` attribute is ignored across origins (the API is another origin), so the file is fetched
 * and saved from a local blob. If that fails, the file is opened in a new tab instead.
 */
export async function downloadFile(url: string, name: string): Promise<void> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
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
  } catch (error) {
    console.error('download failed, opening the file instead', error);
    window.open(url, '_blank', 'noopener');
  }
}
