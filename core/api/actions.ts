/**
 * Each API operation in the words a person uses for it, so no message shows an operation name
 * (`file/set_folder`): errors say what was being done ("while moving a file"). Unknown names (a newer host,
 * a typo in `filedock api`) are described generically rather than echoed.
 */
const ACTIONS: Readonly<Record<string, string>> = {
  'account/info': 'reading the account',
  'account/stats': 'reading the account statistics',
  'upload/server': 'preparing an upload',
  'upload/file': 'uploading a file', // the form POST to the upload server (UPLOAD_OPERATION)
  'upload/url': 'uploading from a link',
  'file/direct_link': 'getting a direct link',
  'file/download': 'downloading a file', // a GET of the direct link from the file server (DOWNLOAD_OPERATION)
  'file/info': 'reading file details',
  'file/list': 'listing files',
  'file/rename': 'renaming a file',
  'file/clone': 'copying a file',
  'file/set_folder': 'moving a file',
  'files/deleted': 'listing deleted files',
  'files/check': 'checking links',
  'folder/list': 'listing folders',
  'folder/create': 'creating a folder',
  'folder/rename': 'renaming a folder',
}

export function actionOf(operation: string | undefined): string {
  return (operation !== undefined ? ACTIONS[operation] : undefined) ?? 'talking to the host'
}
