; Included by electron-builder's NSIS installer (electron-builder.yml: nsis.include).
; "Send to > Filedock" in Explorer: the shortcut passes the selected files and folders on the command line,
; which the app (or the running one, through the single-instance lock) queues for upload.
!macro customInstall
  CreateShortCut "$SENDTO\${PRODUCT_NAME}.lnk" "$INSTDIR\${APP_EXECUTABLE_FILENAME}" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME}" 0
!macroend

!macro customUnInstall
  Delete "$SENDTO\${PRODUCT_NAME}.lnk"
!macroend
