/// How one request to an `UpdatePipeline` ended. Every request reports exactly one outcome,
/// in the order the requests were made.
public enum UpdateOutcome<Failure: Error>: Sendable where Failure: Sendable {
  /// The target shows the request's data: its blocks were performed (their animations may
  /// have been cut short by the view), or a reload took their place that the strategy asked
  /// for or a view off screen needed.
  case applied
  /// The target shows the request's data, by a reload the guard made in place of the
  /// blocks: UIKit would have refused one, the data source had changed without an update, or
  /// the view could not tell its counts. Reported once to `UpdateGuard.onFallback`
  /// (`BatchUpdateFallback`), whose cause says which.
  case fellBack
  /// A later request arrived before this one started: its data was never shown.
  case superseded
  /// The request was cancelled. Before its replay started, the target was left untouched;
  /// during it, the block in progress finished and the target was reloaded with the
  /// request's data instead of animating the rest.
  case cancelled
  /// The target refused a block (`CollectionModel` only); it was reloaded with the data it
  /// showed before the request.
  case failed(Failure)
}

extension UpdateOutcome: Equatable where Failure: Equatable {}
