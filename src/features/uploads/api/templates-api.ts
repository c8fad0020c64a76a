import { importTemplateUrl, templateFileName, type ImportType, type TemplateFormat } from '../../../../domain/imports/templates';
import { apiClient } from '../../../lib/api-client';

/** Downloads a template through the signed-in API client and hands it to the browser as a file. */
export async function downloadTemplate(campaignId: string, type: ImportType, format: TemplateFormat): Promise<void> {
  const res = await apiClient.get<ArrayBuffer>(importTemplateUrl(campaignId, type, format), { responseType: 'arraybuffer' });
  const contentType = String(res.headers['content-type'] ?? 'application/octet-stream');
  const url = URL.createObjectURL(new Blob([res.data], { type: contentType }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = templateFileName(type, format);
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}
