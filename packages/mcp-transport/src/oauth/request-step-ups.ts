import { AsyncLocalStorage } from "node:async_hooks";

/** A step-up under way: the scope the server asked for (`undefined`: it named none). */
export interface PendingStepUp {
  scope: string | undefined;
}

/** One request's (or the connection's) hold on a step-up. */
interface Ticket {
  stepUp?: PendingStepUp;
}

/**
 * The step-ups of one connection's authorization, each keyed to the request the server
 * refused (403 `insufficient_scope`). A request runs in {@link RequestStepUps.run}; the
 * step-up begun while it runs ({@link RequestStepUps.begin}, told by the fetch wrapper) is
 * its own: its recovery reads it ({@link RequestStepUps.current}) and ends it, and it ends
 * anyway when new tokens are saved or the request ends — also when it failed before a login
 * URL was built, so no step-up stays under way after its request. One begun outside any
 * request (while connecting) belongs to the connection until its recovery ends it.
 */
export class RequestStepUps {
  readonly #request = new AsyncLocalStorage<Ticket>();
  readonly #connection: Ticket = {};
  readonly #underWay = new Set<Ticket>();
  #waiters: Array<() => void> = [];

  /** Runs one request (its attempts and its recovery) so that its step-up is its own. */
  run<T>(request: () => Promise<T>): Promise<T> {
    const ticket: Ticket = {};
    return this.#request.run(ticket, async () => {
      try {
        return await request();
      } finally {
        this.#end(ticket);
      }
    });
  }

  /** The server refused the current request for want of `scope`: its step-up begins. */
  begin(scope: string | undefined): void {
    const ticket = this.#ticket();
    ticket.stepUp = { scope };
    this.#underWay.add(ticket);
  }

  /** The current request's step-up, if it has one under way. */
  current(): PendingStepUp | undefined {
    return this.#ticket().stepUp;
  }

  /** Ends the current request's step-up. */
  end(): void {
    this.#end(this.#ticket());
  }

  /** New tokens were saved: every step-up under way got its authorization. */
  endAll(): void {
    for (const ticket of [...this.#underWay]) this.#end(ticket);
  }

  /** Whether any step-up is under way (the refresh token is then held back: see the provider). */
  get underWay(): boolean {
    return this.#underWay.size > 0;
  }

  /** The scopes the step-ups under way ask for. */
  scopes(): Array<string | undefined> {
    return [...this.#underWay].map((ticket) => ticket.stepUp?.scope);
  }

  /** Whether a step-up of another request than the current one is under way. */
  othersUnderWay(): boolean {
    const mine = this.#ticket();
    return [...this.#underWay].some((ticket) => ticket !== mine);
  }

  /** Resolves once no other request's step-up is under way (its login ended, one way or another). */
  async othersSettled(): Promise<void> {
    while (this.othersUnderWay()) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  #ticket(): Ticket {
    return this.#request.getStore() ?? this.#connection;
  }

  #end(ticket: Ticket): void {
    delete ticket.stepUp;
    if (!this.#underWay.delete(ticket)) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
