import { Clapperboard } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { obsMessages, useObs, useObsSettings } from '@/lib/obs';
import { cn } from '@/lib/utils/cn';
import { deniedProps, useCan } from '@/lib/use-can';
import { useSwitchScene } from '../api/switch-scene';
import { liveMessages } from '../messages';

/** OBS's scenes (GetSceneList); a click switches the program scene. */
export function SceneList() {
  const obs = useObs();
  const settings = useObsSettings();
  const switchScene = useSwitchScene();
  const maySwitch = useCan('obs.scene');
  const connected = obs.status === 'connected';
  // Before the first connection only the configured scene is known; after one, the last list OBS sent.
  const scenes = obs.scenes.length > 0 ? obs.scenes : settings ? [settings.sceneName] : [];

  function select(scene: string) {
    if (!connected) {
      toast.error(obsMessages.notConnectedTitle, { description: obsMessages.notConnected });
      return;
    }
    switchScene.mutate(scene);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Scenes</CardTitle>
        <CardDescription>{connected ? `${scenes.length} scenes in OBS` : liveMessages.scenesHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2">
          {/* The configured scene's row while the settings are read: the cards below stay where they are. */}
          {scenes.length === 0 && settings === undefined && (
            <li aria-hidden>
              <Skeleton className="h-11" />
            </li>
          )}
          {scenes.map((scene) => {
            const active = connected && obs.currentScene === scene;
            const pending = switchScene.isPending && switchScene.variables === scene;
            return (
              <li key={scene}>
                <button
                  type="button"
                  onClick={() => select(scene)}
                  aria-pressed={active}
                  disabled={pending}
                  {...deniedProps(maySwitch)}
                  className={cn(
                    'flex min-h-11 w-full items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
                    active && 'border-red-500 bg-red-500/10 font-semibold',
                  )}
                >
                  <span className="flex items-center gap-2">
                    <Clapperboard className="size-4 text-muted-foreground" aria-hidden />
                    {scene}
                  </span>
                  {active && <Badge tone="error">Program</Badge>}
                </button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
