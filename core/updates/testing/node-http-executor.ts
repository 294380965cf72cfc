import { type ClientRequest, type IncomingMessage, type RequestOptions, request } from 'node:http'
import {
  configureRequestOptions,
  configureRequestUrl,
  type DownloadOptions,
  HttpExecutor,
} from 'builder-util-runtime'

/**
 * A stand-in for Electron's `net` (electron-updater's ElectronHttpExecutor): the same requests through Node's
 * http, so the updater runs in a Node test. Its download mirrors ElectronHttpExecutor.download; the rest
 * (redirects, errors, the sha512 check while writing the file) is the base class, as in the app.
 */
export class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request(options, callback)
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers ?? undefined }
      configureRequestUrl(url, requestOptions)
      configureRequestOptions(requestOptions)
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      )
    })
  }
}
