// @smogpanel/kit: what every Smogpanel screen is made of. Shared as a federated singleton
// (one API client, one store per page); plugins import from here and nowhere else in the shell.
export {
  API_BASE,
  PRODUCT,
  VERSION,
  TOKEN_KEY,
  REDIRECT_AFTER_AUTH_MS,
  SUCCESS_BANNER_MS,
  TOKEN_REFRESH_MS,
  settings,
  supportLink,
} from './config.js';
export { TEXT } from './texts.js';
export {
  api,
  http,
  request,
  ApiError,
  UNAVAILABLE,
  getToken,
  setToken,
  removeToken,
  signOut,
  onSignedOut,
  versionOf,
  wrongCodeHeadlined,
} from './api.js';
export { store, reduceResource, DONE_FLAG, INITIAL } from './store.js';
export { defineResource, perform, useResourceState, useList, useItem } from './resource.js';
export {
  login,
  isSecondStep,
  secondFactor,
  signedInWith,
  restore,
  resetPassword,
  extendToken,
  loadMe,
  saveMe,
  logout,
  useAuth,
  useMe,
  useMay,
  displayName,
} from './auth.js';
export { formatDate, wasUpdated } from './dates.js';
export { Page, Breadcrumbs, pageTitle, usePageTitle } from './Page.jsx';
export { StatusBanner } from './StatusBanner.jsx';
export { Form, Field, FieldMessage, FileField, FileInput, NumberInput, readFile, useValues } from './Form.jsx';
export { formatNumber, numberProblem, readNumber } from './numbers.js';
export { useFieldError } from './fieldErrors.js';
export { RowsField, KeyRowsField } from './LazyRows.jsx';
export {
  ImportScreen,
  ImportReport,
  ImportLayout,
  TemplateLink,
  importFileField,
  importTypeField,
  useImportReport,
  useImportTypes,
} from './Import.jsx';
export { useKeyRemoval } from './keyRemoval.jsx';
export { GminaSelect, loadGminy, forgetGminy } from './GminaSelect.jsx';
export { Dialog, ConfirmDialog, EmbedDialog } from './Dialog.jsx';
export { EmbedFrameDialog } from './EmbedFrameDialog.jsx';
export {
  PreviewLinkBox,
  PublicationBadge,
  publicationColumn,
  withPublicationColumn,
  pinnedPath,
  publishPath,
} from './publishing.jsx';
export { publicLinkColumn, publicPath, useEmbedAction } from './publicView.jsx';
export { EMBED_SIZES, EMBED_LOADER_PATH, embedSnippet, embedSource, httpLink, newUuid } from './embed.js';
export {
  ListScreen,
  ListTable,
  useOfferedActions,
  FormScreen,
  FormFields,
  EditLoader,
  HistoryLog,
  Reach,
  historyKindOf,
  isPublicKind,
  payloadOf,
} from './screens.jsx';
