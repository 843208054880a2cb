// /history: 'Historia zmian', a core screen (history is the core's, not a plugin's).
import { HistoryLog, Page } from '@smogpanel/kit';

export function HistoryScreen() {
  return (
    <Page crumbs={[{ label: 'Historia zmian' }]}>
      <HistoryLog />
    </Page>
  );
}
