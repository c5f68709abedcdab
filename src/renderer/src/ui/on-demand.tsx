// Views loaded on demand (React.lazy): an honest loading state naming the view while the chunk loads, and an error with a retry if it cannot.
import {
  Component,
  createContext,
  lazy,
  Suspense,
  use,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type FunctionComponent,
  type ReactNode
} from 'react'
import { useT } from '../i18n'
import { loadEnglish } from '../i18n/strings'
import { useNavigation } from '../stores/navigation'
import { FocusRecordInSlot, useViewFocus, type FocusRecord } from './view-focus'

/** A view whose code is loaded the first time it renders, or earlier by `prefetch()`. */
export interface OnDemandView extends FunctionComponent {
  /**
   * Load the code now, without drawing anything (once the shell is on screen), so opening the view later does not
   * wait for it. A failed prefetch is silent: opening the view tries again and shows that failure with Try again.
   */
  prefetch(): Promise<void>
}

/**
 * A component whose code is loaded the first time it renders; `ViewSlot` shows the wait and any failure. Its strings
 * come with it: the window's start has English's start strings only, and a view is drawn once the whole table is in.
 */
export function onDemand(load: () => Promise<ComponentType>): OnDemandView {
  /** The view's component once its code has loaded (by a render or a prefetch). */
  let ready: ComponentType | null = null
  const loadAndKeep = async (): Promise<ComponentType> => {
    const [component] = await Promise.all([load(), loadEnglish()])
    ready = component
    return component
  }
  let failed = false
  const fresh = (): ComponentType =>
    lazy(async () => {
      try {
        return { default: await loadAndKeep() }
      } catch (error) {
        failed = true
        throw error
      }
    })
  let Loaded = fresh()
  let attemptOfLoaded = 0
  const prefetch = async (): Promise<void> => {
    if (ready) return
    try {
      await loadAndKeep()
    } catch {
      // Reported when the view is opened (its own load fails the same way, in place, with Try again).
    }
  }
  return Object.assign(
    function OnDemandView(): React.JSX.Element {
      // React.lazy keeps a failed load for good: only the operator's "Try again" (a new attempt) loads afresh.
      const attempt = use(LoadAttempt)
      // Code already here: drawn at once, without a frame of "Opening…" (React.lazy would suspend once even then).
      if (ready) {
        const Ready = ready
        return <Ready />
      }
      if (failed && attempt !== attemptOfLoaded) {
        failed = false
        attemptOfLoaded = attempt
        Loaded = fresh()
      }
      return <Loaded />
    },
    { prefetch }
  )
}

/** Bumped by "Try again" in a ViewSlot. */
const LoadAttempt = createContext(0)

/**
 * Where a view is drawn: "Opening <name>…" while its code loads, an alert with Try again if it cannot be loaded.
 * `name`: the view's name as the operator knows it (its tab), said in the wait.
 */
export function ViewSlot({ name, children }: { name: string; children: ReactNode }): React.JSX.Element {
  const focusRecord = useRef<FocusRecord>(null)
  return (
    <FocusRecordInSlot value={focusRecord}>
      <NameInSlot value={name}>
        <ViewLoadBoundary>
          <Suspense fallback={<ViewOpening />}>{children}</Suspense>
        </ViewLoadBoundary>
      </NameInSlot>
    </FocusRecordInSlot>
  )
}

/** The name of the view drawn in the slot; null outside a slot. */
const NameInSlot = createContext<string | null>(null)

/**
 * The wait for a view that is opening: its code (the slot's), or its own first read (a view's values). A status naming
 * the view, which takes the focus the navigation put on the tab or the main region, so a keyboard or screen-reader user
 * hears what is opening; the view takes it back as it is shown (ViewHeading), through the same gate (view-focus.ts).
 */
export function ViewOpening(): React.JSX.Element {
  const t = useT()
  const name = use(NameInSlot)
  const ref = useRef<HTMLParagraphElement>(null)
  const { takeIfStill } = useViewFocus()
  useLayoutEffect(() => {
    // The first view after start is not "navigated to": the focus stays where the browser put it.
    if (useNavigation.getState().seq > 1) takeIfStill(ref.current)
  }, [takeIfStill])
  return (
    <p ref={ref} className="muted" role="status" tabIndex={-1} data-testid="view-loading">
      {name === null ? t('app.viewLoading') : t('app.viewOpening', { view: name })}
    </p>
  )
}

/** A chunk that cannot be loaded (a damaged install) says so in place of the view, not a blank window. */
class ViewLoadBoundary extends Component<{ children: ReactNode }, { error: Error | null; attempt: number }> {
  override state: { error: Error | null; attempt: number } = { error: null, attempt: 0 }

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error }
  }

  override render(): ReactNode {
    const { error, attempt } = this.state
    if (!error) return <LoadAttempt value={attempt}>{this.props.children}</LoadAttempt>
    return (
      <ViewLoadError
        message={error.message}
        onRetry={() => this.setState({ error: null, attempt: attempt + 1 })}
      />
    )
  }
}

function ViewLoadError({ message, onRetry }: { message: string; onRetry(): void }): React.JSX.Element {
  const t = useT()
  return (
    <div className="alert alert--bad" role="alert" data-testid="view-load-error">
      <p>{t('app.viewLoadError', { message })}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  )
}
