// /reach: 'Zasięg', the whole panel's (a core screen: reach is the core's, for every public kind).
import { Page, Reach } from '@smogpanel/kit';

export function ReachScreen() {
  return (
    <Page crumbs={[{ label: 'Zasięg widżetów' }]}>
      <Reach headingLevel={2} />
    </Page>
  );
}
