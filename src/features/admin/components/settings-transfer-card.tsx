import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/http/api-error';
import { dateStamp, downloadJson } from '@/lib/utils/download';
import { HostChangeDialog, type PendingHostChange } from '@/components/host-change-dialog';
import { hostChangeMessages } from '@/lib/webhooks/credential-hosts';
import {
  buildSettingsExport,
  readSettingsFile,
  settingsHostChanges,
  storeSettings,
  type CheckedSettings,
} from '../lib/settings-transfer';
import { messages } from '../messages';

/** Exports and imports every setting as one JSON file; keys only when the operator ticks the warned box. */
export function SettingsTransferCard() {
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const checkboxId = useId();
  const fileId = useId();

  const exportSettings = async () => {
    try {
      downloadJson(`newsdesk-settings-${dateStamp()}.json`, await buildSettingsExport(includeSecrets));
      toast.success(messages.system.exported);
    } catch (error) {
      toast.error(messages.keys.saveFailed, { description: errorMessage(error) });
    }
  };

  const [pending, setPending] = useState<PendingHostChange | null>(null);

  const failed = () => {
    setImportError(messages.system.importFailed);
    toast.error(messages.system.importFailedTitle, { description: messages.system.importFailed });
  };

  const store = async (checked: CheckedSettings) => {
    try {
      await storeSettings(checked);
      setImportError(null);
      toast.success(messages.system.imported);
    } catch {
      failed();
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const checked = readSettingsFile(await file.text());
      // Stored credentials would follow the file's addresses: another host is taken only once the operator agrees.
      const changes = await settingsHostChanges(checked);
      if (changes.length === 0) await store(checked);
      else
        setPending({
          changes,
          onConfirm: () => void store(checked),
          onCancel: () => toast.info(hostChangeMessages.cancelled),
        });
    } catch {
      failed();
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings file</CardTitle>
        <CardDescription>Export or import all settings as one JSON file.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-start gap-3">
          <Checkbox id={checkboxId} checked={includeSecrets} onCheckedChange={setIncludeSecrets} className="mt-0.5" />
          <div className="space-y-1">
            <Label htmlFor={checkboxId}>API-Schlüssel und Passwörter einschließen</Label>
            {includeSecrets && (
              <p role="alert" className="text-sm text-amber-800 dark:text-amber-300">
                {messages.system.exportWarning}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void exportSettings()}>
            <Download aria-hidden />
            Export settings
          </Button>
          <Button variant="outline" onClick={() => fileRef.current?.click()}>
            <Upload aria-hidden />
            Import settings
          </Button>
          <label htmlFor={fileId} className="sr-only">
            Settings file
          </label>
          <input
            id={fileId}
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => void importFile(e.target.files?.[0])}
          />
        </div>
        <HostChangeDialog pending={pending} onClose={() => setPending(null)} />
        {importError && (
          <p className="text-sm text-red-700 dark:text-red-400" data-testid="import-error">
            {importError}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
