import Dispatch

/// Tells whether the current code runs on the main actor, without trapping.
///
/// The main actor's executor is the main dispatch queue, so a key set on that queue answers
/// exactly: `Thread.isMainThread` is the wrong test, since on Linux the main queue can be drained
/// on a thread that is not the main thread.
enum MainActorCheck {
    static var isRunningOnMainActor: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
