// Measures the time from a change of the password entry to Done's updated
// sensitivity, in process, under a real display (run it under Xvfb).
//
// gtk_entry_set_text emits "changed" synchronously, the binding writes the
// model, and the model's validity observer sets Done's sensitivity before
// set_text returns; so the duration of the call is the latency. Each sample
// alternates between a valid and an invalid password, so every change flips
// Done, and the flip is checked.
import CGtk
import LoginFormGtk
import LoginFormModel
import LoginFormPrompt

gdk_disable_multidevice()
guard gtk_init_check(nil, nil) != 0 else {
  print("latency-bench: cannot open a display")
  exit(2)
}

MainActor.assumeIsolated {
  var description = FormDescription()
  description.username = "abcdef"
  let window = FormWindow(description: description)
  window.present()
  while gtk_events_pending() != 0 { gtk_main_iteration() }
  let password = window.entry(of: .password)
  let clock = ContinuousClock()
  var samples: [Duration] = []
  let count = 10_000
  samples.reserveCapacity(count)
  for index in 0..<(count + 100) {
    let valid = index.isMultiple(of: 2)
    let elapsed = clock.measure {
      gtk_entry_set_text(lf_entry(password), valid ? "abcdefg" : "abcdef")
    }
    guard (gtk_widget_get_sensitive(window.doneButton) != 0) == valid else {
      print("latency-bench: Done did not follow change \(index)")
      exit(1)
    }
    // The first hundred warm caches and are not counted.
    if index >= 100 { samples.append(elapsed) }
  }
  samples.sort()
  func microseconds(_ duration: Duration) -> String {
    let nanoseconds =
      duration.components.attoseconds / 1_000_000_000
      + duration.components.seconds * 1_000_000_000
    let hundredths = nanoseconds / 10
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) µs"
  }
  let median = samples[samples.count / 2]
  let p99 = samples[samples.count * 99 / 100]
  print(
    "changed → Done sensitivity (\(samples.count) changes): median \(microseconds(median)), p99 \(microseconds(p99)), max \(microseconds(samples.last!))"
  )
  window.finish(.cancelled)
}
