// Views loaded on demand (React.lazy): an honest loading state while the chunk loads, and an error with a retry if it cannot.
import {
  Component,
  createContext,
  lazy,
  Suspense,
  use,
  useEffect,
  useRef,
  type ComponentType,
  type FunctionComponent,
  type ReactNode,
  type RefObject
} from 'react'
import { useT } from '../i18n'
import { loadEnglish } from '../i18n/strings'
import { useNavigation } from '../stores/navigation'

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

/** Where a view is drawn: "Opening…" while its code loads, an alert with Try again if it cannot be loaded. */
export function ViewSlot({ children }: { children: ReactNode }): React.JSX.Element {
  const waitRef = useRef<ViewWait>(null)
  return (
    <WaitInSlot value={waitRef}>
      <ViewLoadBoundary>
        <Suspense fallback={<ViewLoading />}>{children}</Suspense>
      </ViewLoadBoundary>
    </WaitInSlot>
  )
}

/** The navigation whose view showed "Opening…" in a slot, and what had the focus then: where that navigation put it. */
interface ViewWait {
  seq: number
  focused: Element | null
}

/** The wait of the slot a view is drawn in (a view drawn outside a slot never waited). */
const WaitInSlot = createContext<RefObject<ViewWait | null>>({ current: null })

/** The wait of the slot this view is drawn in, for `arrivalMayTakeFocus`. */
export function useViewWaitRef(): RefObject<ViewWait | null> {
  return use(WaitInSlot)
}

/**
 * May the view opened by navigation `seq` take the focus as it is shown (its heading, or a field it was opened on)?
 * Yes, unless its code arrived late and the operator moved the focus meanwhile: it is taken only from where the
 * navigation put it, the main region or the page (or from inside the view, which took it first), never from the
 * navigation or anything else the operator went to while the view loaded.
 */
export function arrivalMayTakeFocus(waitRef: RefObject<ViewWait | null>, seq: number): boolean {
  const began = waitRef.current
  if (began?.seq !== seq) return true
  const now = document.activeElement
  return (
    now === null ||
    now === document.body ||
    now === began.focused ||
    Boolean(document.getElementById('main')?.contains(now))
  )
}

function ViewLoading(): React.JSX.Element {
  const t = useT()
  const waitRef = useViewWaitRef()
  useEffect(() => {
    waitRef.current = { seq: useNavigation.getState().seq, focused: document.activeElement }
  }, [waitRef])
  return (
    <p className="muted" role="status" data-testid="view-loading">
      {t('app.viewLoading')}
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
