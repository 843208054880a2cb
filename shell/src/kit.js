// Exposed as ./kit. It re-exports the shared @smogpanel/kit rather than holding the kit itself:
// an exposed module would run a second time in the remoteEntry runtime (two stores, two clients).
export * from '@smogpanel/kit';
