import { Newspaper, Radio, Send, type LucideIcon } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { overviewMessages } from '../messages';

interface QuickAction {
  label: string;
  to: string;
  icon: LucideIcon;
  message: { title: string; text: string };
}

const ACTIONS: QuickAction[] = [
  { label: 'Start New News', to: '/dashboard/ai-news', icon: Newspaper, message: overviewMessages.actions.news },
  { label: 'Post Last Highlight', to: '/dashboard/posts', icon: Send, message: overviewMessages.actions.highlight },
  { label: 'Start Live Broadcast', to: '/dashboard/live', icon: Radio, message: overviewMessages.actions.live },
];

/** Each quick action confirms with a toast, then navigates to its screen. */
export function QuickActions() {
  const navigate = useNavigate();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-3">
        {ACTIONS.map(({ label, to, icon: Icon, message }) => (
          <Button
            key={to}
            size="lg"
            variant="outline"
            className="justify-start"
            onClick={() => {
              toast.success(message.title, { description: message.text });
              void navigate(to);
            }}
          >
            <Icon aria-hidden />
            {label}
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
