import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { api } from './app/bridge.ts'
import { routeEvents } from './app/events.ts'
import { createQueryClient } from './app/query-client.ts'
import { IntlRoot } from './i18n/IntlRoot.tsx'
import './styles/tokens.css'
import './styles/base.css'
import './styles/controls.css'
import './styles/layout.css'
import './styles/files.css'
import './styles/dashboard.css'
import './styles/upload.css'
import './styles/motion.css'

const queryClient = createQueryClient()
routeEvents(api, queryClient)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <IntlRoot>
        <App />
      </IntlRoot>
    </QueryClientProvider>
  </StrictMode>,
)
