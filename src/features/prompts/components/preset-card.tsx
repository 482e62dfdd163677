import { CopyIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { copyText } from '../lib/clipboard';

/** One preset prompt with Copy and a second action. */
export function PresetCard({ name, prompt, action }: { name: string; prompt: string; action: React.ReactNode }) {
  return (
    <Card className="flex flex-col" role="article" aria-label={name}>
      <CardHeader>
        <CardTitle className="text-base">{name}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="text-sm text-muted-foreground">{prompt}</p>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copyText(prompt)}>
          <CopyIcon aria-hidden />
          Copy
        </Button>
        {action}
      </CardFooter>
    </Card>
  );
}
